/** Messages of issue 30's calibration screens (en): time calibration, recharge calibration and its records. */
import meters from '../../devices/meters/en';

const screen = meters.resources.tongduankongzhi;

const calibration = {
  resources: {
    jiaozhunshijian: screen,
    chongzhijiaozhun: screen,
    chongzhijiaozhunjilu: {
      fields: {
        createdAt: 'Corrected at', created: 'Corrected', projectName: 'Project', buildingName: 'Building', roomCode: 'Room no.', meterAddress: 'Meter address',
        platformSaleCount: 'Platform sales', meterSaleCount: 'Meter purchases (before)', platformBalanceFen: 'Platform balance (¥)',
        meterBalanceFen: 'Meter remaining before (¥)', meterBalanceFenAfter: 'Meter remaining after (¥)', correctionFen: 'Correction (¥)',
        reason: 'Reason', operatorName: 'Operator', operator: 'Operator',
      },
    },
  },
  calibration: {
    time: {
      selected: 'Sync clocks of selected',
      filtered: 'Sync clocks of all filtered',
      mode: 'How',
      modes: { meter: 'Per meter: set each clock and read it back', broadcast: 'Broadcast: one frame per module, no reply' },
      meterHint: 'Each meter\'s clock is read, set to the platform\'s time and read again: the difference before and after is shown per meter.',
      broadcastHint: 'One DL/T 645 broadcast (control 08 to 99…99) per module of the chosen meters reaches every meter on it. Meters do not answer a broadcast: it is done when sent, and no difference can be shown.',
      question: 'Synchronise the clocks of %{count}?',
      questionBroadcast: 'Broadcast the time to the modules of %{count}?',
      action: 'Time sync',
      actionBroadcast: 'Broadcast time sync',
      clockBefore: 'Meter clock before',
      diffBefore: 'Difference before',
      clockAfter: 'Meter clock after',
      diffAfter: 'Difference after',
      seconds: '%{value} s',
    },
    recharge: {
      compare: 'Compare with the meters',
      compareTitle: 'Meters compared with the platform',
      compareQuestion: 'Read the purchase count and remaining amount of %{count}?',
      progress: '%{done} of %{total} read · %{differing} differ · %{failed} failed',
      rule: 'The platform\'s balance is the truth: a correction writes the platform\'s sale count and balance to the meter, and is recorded once the meter has taken it. The platform\'s ledger is not changed.',
      tickAll: 'Tick every meter that differs',
      tick: 'Correct meter %{address}',
      meter: 'Meter address',
      room: 'Room',
      platformSaleCount: 'Platform sales',
      meterSaleCount: 'Meter purchases',
      platformBalance: 'Platform balance',
      meterBalance: 'Meter remaining',
      difference: 'Difference (meter − platform)',
      countDiff: '%{value} purchases',
      agrees: 'Agrees',
      nothingDiffers: 'Every meter read agrees with the platform: nothing to correct.',
      reason: 'Reason for the correction',
      reasonRequired: 'Give the reason for the correction',
      correct: 'Correct %{smart_count} ticked meter |||| Correct %{smart_count} ticked meters',
      correctAction: 'Recharge calibration',
      unchanged: '%{smart_count} meter already agrees and was left out |||| %{smart_count} meters already agree and were left out',
      meterBefore: 'Meter before (remaining · purchases)',
      meterAfter: 'Meter after (remaining · purchases)',
    },
    records: { count: 'Corrections', correction: 'Total correction' },
  },
  server: {
    errors: {
      calibration: {
        noAccount: 'These meters are in no room with an electric account: %{addresses}',
        notCompared: 'These are not finished compares of your area with the meter\'s figures: %{ids}',
      },
    },
  },
};

export default calibration;
