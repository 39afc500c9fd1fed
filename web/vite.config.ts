/// <reference types="vitest/config" />
import { mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

const here = dirname(fileURLToPath(import.meta.url))
const outDir = resolve(here, 'dist')

// Vite empties dist/ on every build, which removes the committed
// placeholder that `//go:embed all:dist` needs on a clean checkout.
function keepGitkeep(): Plugin {
  return {
    name: 'vitrine-keep-gitkeep',
    apply: 'build',
    closeBundle() {
      mkdirSync(outDir, { recursive: true })
      writeFileSync(resolve(outDir, '.gitkeep'), '')
    },
  }
}

export default defineConfig({
  plugins: [react(), keepGitkeep()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
    },
  },
  test: {
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Hang guards only. Tests wait on conditions, never on time; on a machine
    // whose cores are busy a CPU-bound test can take many times its usual
    // duration, and the default 5 s limit then fails tests that are right.
    // Vitest leaves a core free by default; on a 2-core machine that is
    // one worker for the whole suite.
    maxWorkers: availableParallelism(),
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
