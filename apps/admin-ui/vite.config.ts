import { defineConfig } from 'vite';

// The gateway serves `dist/` at /ui (apps/gateway/src/routes/admin-ui-route.ts).
export default defineConfig({
  root: 'src',
  base: '/ui/',
  build: { outDir: '../dist', emptyOutDir: true, sourcemap: false, assetsInlineLimit: 0 },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
});
