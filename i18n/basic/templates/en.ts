/** Messages of issue 29's templates part (en), merged into i18n/en.ts: the 8 basic-parameter screens. */
const common = { id: 'ID', name: 'Name', usedBy: 'Used by', remark: 'Remark', createdAt: 'Created', q: 'Search' };

const templates = {
  resources: {
    danjiabiao: {
      name: 'Price table |||| Price tables',
      fields: {
        ...common, kind: 'Kind', sharpFen: 'Sharp (yuan/kWh)', peakFen: 'Peak (yuan/kWh)', flatFen: 'Flat (yuan/kWh)', valleyFen: 'Valley (yuan/kWh)',
        waterFen: 'Water (yuan/m³)', tiers: 'Tiers', scheduleId: 'Day schedule', scheduleName: 'Day schedule', prices: 'Prices',
      },
    },
    dsshijianduan: { name: 'Day schedule |||| Day schedules', fields: { ...common, segments: 'Segments', bar: '24 hours' } },
    gonglvcanshu: { name: 'Power set |||| Power sets', fields: { ...common, values: { maxPowerW: 'Max power (W)' } } },
    kongzhicanshu: {
      name: 'Control set |||| Control sets',
      fields: {
        ...common,
        values: { alarm1Fen: 'Alarm level 1 (yuan)', alarm2Fen: 'Alarm level 2 (yuan)', overdraftFen: 'Overdraft (yuan)', hoardLimitFen: 'Hoarding limit (yuan)', autoTrip: 'Trip in arrears' },
      },
    },
    fuzaicanshu: {
      name: 'Load set |||| Load sets',
      fields: { ...common, values: { maxLoadW: 'Max load (W)', malignantThresholdW: 'Malignant-load threshold (W)', action: 'On malignant load' } },
    },
    night: { name: 'Night low-power set |||| Night low-power sets', fields: { ...common, values: { start: 'From', end: 'To', maxW: 'Max power (W)' } } },
    dstongduancanshu: { name: 'Timed on/off set |||| Timed on/off sets', fields: { ...common, values: { timePeriodId: 'On/off schedule', days: 'Days' } } },
    mianfeidianzscs: {
      name: 'Free-energy gift set |||| Free-energy gift sets',
      fields: { ...common, values: { amount: 'Amount a month', unit: 'Unit', dayOfMonth: 'Day of month', carryOverCap: 'Carry-over cap' } },
    },
  },
  tariffs: {
    kind: { single: 'Single rate', tou: 'Time of use', tiered: 'Tiered' },
    rate: { sharp: 'Sharp', peak: 'Peak', flat: 'Flat', valley: 'Valley', on: 'Supply on', off: 'Supply off' },
    usedByMeters: '%{smart_count} meter |||| %{smart_count} meters',
    usedByTemplates: '%{smart_count} template |||| %{smart_count} templates',
    inUse: 'In use by %{used}: a change applies to them.',
    inUsePush: 'After saving you can push it to the meters.',
    notUsed: 'Not used',
    usedByTitle: 'What uses “%{name}”',
    usedByEmpty: 'Nothing uses it: it can be deleted.',
    userKind: { electric: 'Electric meter', water: 'Water meter', priceTable: 'Price table', timedSet: 'Timed on/off set' },
    userColumns: { kind: 'Kind', name: 'Address / name', room: 'Room' },
    push: {
      action: 'Push to its meters',
      title: 'Push “%{name}” to its meters',
      question: 'Send “%{name}” to its %{smart_count} electric meter now? |||| Send “%{name}” to its %{smart_count} electric meters now?',
      rule: 'Each meter takes the set through a command; its assignment changes only when that command succeeds.',
      offer: '“%{name}” is in use. Push the change to its meters now?',
      nothing: 'No electric meter uses it: nothing to push.',
      water: 'Water meters with this gift set take it on the platform; no command goes to them.',
      progress: 'Push parameters',
      later: 'Later',
    },
    zero: {
      fields: 'Zero prices: %{fields}. Energy at these rates is free.',
      confirm: 'I confirm the zero price',
      needed: 'A zero price needs the confirmation below',
    },
    tiers: { title: 'Monthly tiers', add: 'Add a tier', remove: 'Remove tier', upTo: 'Up to (kWh a month)', priceFen: 'Price (yuan/kWh)', open: 'above', help: 'Thresholds ascending; the last tier is open.' },
    segments: {
      title: 'Segments', add: 'Add a segment', remove: 'Remove segment', start: 'From', end: 'To', rate: 'Rate',
      help: 'Up to 8 segments covering 00:00–24:00 with no gap and no overlap (end 24:00 for the last).',
    },
    scheduleHelp: 'A time-of-use table needs a day schedule of rate registers.',
    switchScheduleHelp: 'An on/off day schedule (rates “Supply on” / “Supply off”).',
    days: { 1: 'Mon', 2: 'Tue', 3: 'Wed', 4: 'Thu', 5: 'Fri', 6: 'Sat', 7: 'Sun' },
    loadAction: { trip: 'Trip', alarm: 'Alarm only' },
    giftUnit: { kWh: 'kWh', m3: 'm³' },
    priceHelp: 'Yuan per kWh (water: per m³), e.g. 0.65',
    hoardHelp: '0 = no limit',
    perMonth: '%{amount} %{unit} a month, day %{day}',
    window: '%{start}–%{end}, max %{maxW} W',
  },
  server: {
    errors: {
      tariffs: {
        inUseByMeters: '“%{name}” is used by %{count} meter(s) (%{names}): assign them another first',
        inUseByTemplates: '“%{name}” is used by %{count} price table(s) or timed set(s) (%{names}): change them first',
        scheduleNotFound: 'no day schedule %{id} in this area',
        scheduleNotRates: 'a time-of-use table needs a schedule of rate registers (sharp, peak, flat, valley)',
        scheduleNotSwitch: 'a timed on/off set needs an on/off schedule',
      },
    },
    validation: {
      tariff: {
        clock: 'must be a time HH:mm',
        scheduleEmpty: 'needs at least one segment',
        scheduleTooMany: 'at most %{max} segments',
        scheduleMixed: 'rates and on/off cannot be mixed in one schedule',
        scheduleUsedAsRates: 'a time-of-use table uses this schedule: keep rate registers',
        scheduleUsedAsSwitch: 'a timed on/off set uses this schedule: keep on/off segments',
        segmentEndBeforeStart: 'must be after the start',
        segmentOverlap: 'overlaps another segment at %{at}',
        segmentGap: 'leaves %{from}–%{to} uncovered',
        priceFen: 'must be a whole number of fen',
        priceRange: 'must be between 0 and %{max} fen',
        tiersEmpty: 'needs at least one tier',
        tiersTooMany: 'at most %{max} tiers',
        tierLastOpen: 'the last tier must be open (no threshold)',
        tierThreshold: 'needs a threshold (only the last tier is open)',
        tierAscending: 'must be above %{after}',
        touNeedsSchedule: 'a time-of-use table needs a day schedule',
        intRange: 'must be a whole number from %{min} to %{max}',
        alarmOrder: 'alarm level 2 must be below alarm level 1',
        hoardAboveAlarm: 'must be 0 (no limit) or above alarm level 1',
        thresholdAboveMax: 'must not be above the max load',
        windowEmpty: 'must differ from the start',
        daysEmpty: 'choose at least one day',
        days: 'must be days 1 (Monday) to 7, each once',
        giftAmount: 'must be above 0, at most 100000, two decimals at most',
        carryOverCap: 'must be from 0 to 100000',
      },
    },
  },
};

export default templates;
