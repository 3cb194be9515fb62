import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  SECURITY_HEADERS,
  withContentSecurityPolicy,
} from '../../main/core/security/csp';
import {
  allowPermissionCheck,
  allowPermissionRequest,
  externalLinkHosts,
  externalUrlToOpen,
  isTrustedSenderFrame,
  shouldAllowNavigation,
  windowOpenDecision,
} from '../../main/core/security/navigation';

const RENDERER = 'file:///opt/Operations%20Console/resources/app.asar/dist/renderer/index.html';

describe('Content Security Policy', () => {
  it('is the strict policy of the architecture', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    );
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-(inline|eval)/);
  });

  it('replaces any CSP a response brings, whatever its case', () => {
    const headers = withContentSecurityPolicy({
      'content-security-policy': ['default-src *'],
      'Content-Type': ['text/html'],
    });
    expect(headers).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
      'X-Content-Type-Options': ['nosniff'],
    });
    expect(withContentSecurityPolicy(undefined)['Content-Security-Policy']).toEqual([
      CONTENT_SECURITY_POLICY,
    ]);
  });

  it('browser host headers include nosniff and no framing', () => {
    expect(SECURITY_HEADERS).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    });
  });
});

describe('navigation', () => {
  it('allows only our own document (any hash route)', () => {
    expect(shouldAllowNavigation(RENDERER, RENDERER)).toBe(true);
    expect(shouldAllowNavigation(`${RENDERER}#/dashboard`, RENDERER)).toBe(true);
    expect(shouldAllowNavigation(RENDERER.replace('%20', ' '), RENDERER)).toBe(true);
  });

  it('refuses everything else', () => {
    for (const url of [
      'https://evil.example/',
      'http://127.0.0.1:5180/',
      'file:///etc/passwd',
      'file:///opt/Operations%20Console/resources/app.asar/dist/renderer/other.html',
      'file:///opt/Operations%20Console/resources/app.asar/dist/renderer/index.html/../../../../../etc/passwd',
      'file://evil.example/opt/Operations%20Console/resources/app.asar/dist/renderer/index.html',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'about:blank',
      'not a url',
    ]) {
      expect(shouldAllowNavigation(url, RENDERER), url).toBe(false);
    }
  });
});

describe('new windows and external links', () => {
  const allow = ['docs.example.com'];

  it('always denies a new window', () => {
    for (const url of ['https://docs.example.com/a', 'https://evil.example', RENDERER, 'about:blank']) {
      expect(windowOpenDecision(url, allow).action).toBe('deny');
    }
  });

  it('hands only allowlisted https links to the OS browser', () => {
    expect(windowOpenDecision('https://docs.example.com/guide?x=1', allow).openExternal).toBe(
      'https://docs.example.com/guide?x=1',
    );
    expect(externalUrlToOpen('https://DOCS.example.com/', allow)).toBe('https://docs.example.com/');
    for (const url of [
      'http://docs.example.com/',
      'https://docs.example.com.evil.example/',
      'https://evil.example/?https://docs.example.com',
      'https://user:pass@docs.example.com/',
      'https://docs.example.com:8443/',
      'file:///etc/passwd',
      'smb://docs.example.com/share',
      'javascript:alert(1)',
    ]) {
      expect(externalUrlToOpen(url, allow), url).toBeNull();
    }
  });

  it('reads extra hosts from CONSOLE_EXTERNAL_LINK_HOSTS, none by default', () => {
    expect(externalLinkHosts({})).toEqual([]);
    expect(
      externalLinkHosts({ CONSOLE_EXTERNAL_LINK_HOSTS: ' Docs.Example.com, status.example.com ,' }),
    ).toEqual(['docs.example.com', 'status.example.com']);
  });
});

describe('permissions', () => {
  it('refuses every request and check', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fullscreen',
      'unknown',
    ]) {
      expect(allowPermissionRequest(permission)).toBe(false);
      expect(allowPermissionCheck(permission)).toBe(false);
    }
  });
});

describe('IPC sender check', () => {
  it('trusts only the main frame showing our renderer', () => {
    expect(isTrustedSenderFrame({ url: `${RENDERER}#/login`, isMainFrame: true }, RENDERER)).toBe(true);
    expect(isTrustedSenderFrame({ url: RENDERER, isMainFrame: false }, RENDERER)).toBe(false);
    expect(isTrustedSenderFrame({ url: 'https://evil.example/', isMainFrame: true }, RENDERER)).toBe(false);
    expect(isTrustedSenderFrame({ url: 'file:///tmp/index.html', isMainFrame: true }, RENDERER)).toBe(false);
    expect(isTrustedSenderFrame(null, RENDERER)).toBe(false);
  });
});
