/** The assign screens: the kind of parameter set each assigns, the screen listing those sets, the order of its values. */
export const ASSIGN_SCREENS = {
  kongzhiset: { setKind: 'control', setResource: 'kongzhicanshu', valueOrder: ['alarm1Fen', 'alarm2Fen', 'overdraftFen', 'hoardLimitFen', 'autoTrip'] },
  nightset: { setKind: 'night', setResource: 'night', valueOrder: ['start', 'end', 'maxW'] },
  fuzaiset: { setKind: 'load', setResource: 'fuzaicanshu', valueOrder: ['maxLoadW', 'malignantThresholdW', 'action'] },
  TimedOnOffControl: { setKind: 'timed', setResource: 'dstongduancanshu', valueOrder: ['timePeriodId', 'days'] },
} as const;
export type AssignRoute = keyof typeof ASSIGN_SCREENS;
