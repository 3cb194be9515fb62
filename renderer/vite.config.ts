import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Everything the entry imports statically (the sign-in screen, React, the router, the stores) in one
 * chunk. Left to itself the bundler cuts that code into a dozen small chunks shared with the lazy
 * screens, and each is one more request before the sign-in form works (issue 18: ≤ 4 files). The
 * lazy screens load it anyway (the entry runs first), so they lose nothing by sharing the big one.
 * The module graph is read once the build has parsed it; chunking comes after.
 */
const BARRELS = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

function signInChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const signIn = new Set<string>();
  const plugin: Plugin = {
    name: 'console:sign-in-chunk',
    apply: 'build',
    buildEnd() {
      signIn.clear();
      const pending = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (signIn.has(id)) continue;
        signIn.add(id);
        // A barrel (lucide-react's index re-exports every icon) would pull in what the entry never
        // uses; its icons are left to the bundler, which puts the sign-in screen's few beside it.
        if (!BARRELS.test(id)) pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, test: (id) => signIn.has(id) };
}

const signIn = signInChunk();

export default defineConfig({
  // The config lives in renderer/ but is run from the repository root.
  root: import.meta.dirname,
  // Relative asset URLs: the same build is loaded from file:// (Electron) and from http://127.0.0.1 (browser host).
  base: './',
  plugins: [react(), tailwindcss(), signIn.plugin],
  build: {
    // Resolved against root.
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // The CSP allows data: URLs for images only; keeping every asset a file keeps fonts and scripts on 'self'.
    assetsInlineLimit: 0,
    // .vite/manifest.json: what the sign-in screen loads, read by tests/packaging/sign-in-budget.test.ts.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'sign-in', test: signIn.test, priority: 10 }] } },
    },
  },
  server: { host: '127.0.0.1' },
});
