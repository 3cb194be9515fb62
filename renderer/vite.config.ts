import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  // The config lives in renderer/ but is run from the repository root.
  root: import.meta.dirname,
  // Relative asset URLs: the same build is loaded from file:// (Electron) and from http://127.0.0.1 (browser host).
  base: './',
  plugins: [react(), tailwindcss()],
  build: {
    // Resolved against root.
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // The CSP allows data: URLs for images only; keeping every asset a file keeps fonts and scripts on 'self'.
    assetsInlineLimit: 0,
  },
  server: { host: '127.0.0.1' },
});
