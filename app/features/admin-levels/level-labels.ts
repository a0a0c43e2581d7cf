import type { LevelBias } from './levels-api.ts';

// How the level set screens colour biases (role tags: lib/role-labels.ts).

/** Bias tag colours: green up, red down (as the trading pages colour long and short), grey neutral. */
export const BIAS_COLOR: Record<LevelBias, string> = {
  bullish: 'green',
  bearish: 'red',
  neutral: 'default',
};
