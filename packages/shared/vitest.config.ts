import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'packages/shared',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
