import type { ParameterKind } from '../../../../common/tariffs';

/** Each parameter-set screen's kind (parameter_sets.kind). */
export const SET_SCREENS = {
  gonglvcanshu: { kind: 'power' },
  kongzhicanshu: { kind: 'control' },
  fuzaicanshu: { kind: 'load' },
  night: { kind: 'night' },
  dstongduancanshu: { kind: 'timed' },
  mianfeidianzscs: { kind: 'gift' },
} as const satisfies Record<string, { kind: ParameterKind }>;
export type SetRoute = keyof typeof SET_SCREENS;
