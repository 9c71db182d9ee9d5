import * as React from 'react';

/**
 * React's development build records an "owner stack" for each element it creates (the first 10,000
 * per render): an `Error` captured for its stack trace and a `console.createTask`. They only serve
 * the component stacks of React's own warnings, and in this suite they cost about a tenth of a
 * console file's CPU (`createElement` was the function with the most self time in a profile). React
 * skips them once its counter of recent owner stacks is past the limit, so the counter is held
 * there. Warnings keep their messages; only their owner stacks are left out. `OWNER_STACKS=on`
 * keeps React's behaviour (for chasing a warning).
 */
const internals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (process.env.OWNER_STACKS !== 'on' && internals && 'recentlyCreatedOwnerStacks' in internals) {
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => Number.POSITIVE_INFINITY,
    set: () => undefined,
  });
}
