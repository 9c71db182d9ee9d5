/** The assign screens: the kind of parameter set each assigns, and the screen listing those sets. */
export const ASSIGN_SCREENS = {
  kongzhiset: { setKind: 'control', setResource: 'kongzhicanshu' },
  nightset: { setKind: 'night', setResource: 'night' },
  fuzaiset: { setKind: 'load', setResource: 'fuzaicanshu' },
  TimedOnOffControl: { setKind: 'timed', setResource: 'dstongduancanshu' },
} as const;
export type AssignRoute = keyof typeof ASSIGN_SCREENS;
