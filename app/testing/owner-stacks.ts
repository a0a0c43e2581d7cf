import * as React from 'react';

// React's development build records where each element was created, for the "owner stacks" of its
// warnings: every createElement and JSX call captures a ten-frame `Error` stack and a `console.createTask`
// (up to 10,000 a second). In the component tests that was about a tenth of their CPU, spent on stacks
// no test reads. The tests turn it off by holding React's count of recent stacks above its limit, which
// makes React use its "unknown owner" placeholders instead; a warning still names the component it is
// about.
// REACT_OWNER_STACKS=1 keeps them, to debug a warning's origin (docs/decisions.md).
type Internals = { recentlyCreatedOwnerStacks?: number };

export function skipOwnerStacks(): void {
  if (process.env.REACT_OWNER_STACKS === '1') return;
  const internals = (React as unknown as Record<string, Internals | undefined>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  // Fail loudly if a React upgrade moves it, rather than silently paying for the stacks again.
  if (!internals || typeof internals.recentlyCreatedOwnerStacks !== 'number') {
    throw new Error("React's owner-stack counter was not found: update app/testing/owner-stacks.ts");
  }
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => Number.MAX_SAFE_INTEGER,
    set: () => {},
  });
}
