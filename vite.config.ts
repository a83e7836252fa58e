import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/idc/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: {
      '/api/v1': `http://localhost:${process.env.PORT ?? 8080}`,
      '/sandbox': `http://localhost:${process.env.PORT ?? 8080}`,
    },
  },
});
