/** Issue 17's shared pieces: status readable without colour, chart text alternatives, focus handling. */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFocusHeadingOnNavigation } from '../../renderer/app/layout/useFocusHeadingOnNavigation';
import { ChartFigure } from '../../renderer/components/ui/ChartFigure';
import { Modal } from '../../renderer/components/ui/Modal';
import { ScrollRegion } from '../../renderer/components/ui/ScrollRegion';
import { StatusBadge, StatusIcon, toneAbove } from '../../renderer/components/ui/StatusBadge';
import { UsageMeter } from '../../renderer/components/ui/UsageMeter';

describe('status without colour', () => {
  it('a badge says its status in words, with an icon of its tone', () => {
    render(<StatusBadge tone="critical">at risk</StatusBadge>);
    const badge = screen.getByText('at risk');
    expect(badge).toHaveProperty('dataset.tone', 'critical');
    expect(badge.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('an icon alone is named for screen readers, and is decoration when the status is written beside it', () => {
    const { container } = render(
      <>
        <StatusIcon tone="warning" label="trial" />
        <StatusIcon tone="ok" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'trial' })).toBeTruthy();
    expect(container.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(1);
  });

  it('tones follow "red above X, yellow above Y", higher being worse', () => {
    expect([0.5, 1, 1.5, 3, 3.1].map((rate) => toneAbove(rate, 1, 3))).toEqual([
      'ok',
      'ok',
      'warning',
      'warning',
      'critical',
    ]);
  });

  it('a meter in its warning or critical band says so in words, beside an icon', () => {
    render(
      <>
        <UsageMeter label="Users" percent={95} detail="95 / 100 (95%)" tone="critical" barClassName="" />
        <UsageMeter label="Alerts" percent={10} detail="1 / 10 (10%)" tone="ok" barClassName="" />
        <UsageMeter label="Storage" percent={140} detail="140 %" tone="critical" barClassName="" />
      </>,
    );
    const users = screen.getByRole('meter', { name: 'Users' });
    expect(users.getAttribute('aria-valuetext')).toBe('95%, critical');
    expect(screen.getAllByRole('img', { name: 'Critical' })).toHaveLength(2);
    expect(screen.getByRole('meter', { name: 'Alerts' }).getAttribute('aria-valuetext')).toBe('10%');
    // The bar stops at its end; the words keep the real figure.
    const storage = screen.getByRole('meter', { name: 'Storage' });
    expect(storage.getAttribute('aria-valuenow')).toBe('100');
    expect(storage.getAttribute('aria-valuetext')).toBe('140%, critical');
  });
});

describe('charts', () => {
  it('hide the drawing and give its figures as a captioned table', () => {
    render(
      <ChartFigure
        summary="Revenue by month"
        columns={[
          { label: 'Month', value: (r: { m: string; v: number }) => r.m },
          { label: 'Revenue', value: (r) => `$${r.v}` },
        ]}
        rows={[
          { m: 'Jan', v: 10 },
          { m: 'Feb', v: 12 },
        ]}
        rowKey={(r) => r.m}
        className="h-64"
      >
        <svg>
          <rect />
        </svg>
      </ChartFigure>,
    );
    expect(screen.getByTestId('chart-drawing').getAttribute('aria-hidden')).toBe('true');
    const table = screen.getByRole('table', { name: 'Revenue by month' });
    expect(within(table).getByRole('rowheader', { name: 'Feb' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '$12' })).toBeTruthy();
  });
});

describe('focus', () => {
  it('a scrolling box of text is a named stop of the tab order', async () => {
    render(
      <ScrollRegion label="API check commands">
        <pre>curl …</pre>
      </ScrollRegion>,
    );
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'API check commands' }));
  });

  it('a modal keeps Tab inside itself and gives focus back to its opener when Escape closes it', async () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open details</button>
          <button>Elsewhere</button>
          <Modal open={open} title="Details" onClose={() => setOpen(false)}>
            <input aria-label="Name" />
          </Modal>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Details' });
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("moves focus to the new screen's heading after a navigation, also when the screen loads late", async () => {
    let loaded: (value: { default: () => React.JSX.Element }) => void = () => undefined;
    const Late = lazy(
      () =>
        new Promise<{ default: () => React.JSX.Element }>((resolve) => {
          loaded = resolve;
        }),
    );
    function Shell() {
      const { pathname } = useLocation();
      useFocusHeadingOnNavigation(pathname, 'main');
      return (
        <>
          <nav>
            <Link to="/b">Second</Link>
            <Link to="/c">Third</Link>
          </nav>
          <main id="main">
            <Suspense fallback={<p>Loading</p>}>
              <Routes>
                <Route path="/a" element={<h1>First screen</h1>} />
                <Route path="/b" element={<h1>Second screen</h1>} />
                <Route path="/c" element={<Late />} />
              </Routes>
            </Suspense>
          </main>
        </>
      );
    }
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Shell />
      </MemoryRouter>,
    );
    // The first screen is left alone.
    expect(document.activeElement).toBe(document.body);
    await user.click(screen.getByRole('link', { name: 'Second' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Second screen' }));
    await user.click(screen.getByRole('link', { name: 'Third' }));
    await act(async () => {
      loaded({ default: () => <h1>Third screen</h1> });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Third screen' }));
  });
});
