/** Messages of issue 30's assign screens (en), merged into i18n/en.ts. */
import meters from '../../devices/meters/en';

/** The assign screens list electric meters: the electric meter fields. */
const screen = meters.resources.tongduankongzhi;
const messages = {
  assignSelected: 'Assign to selected',
  assignFiltered: 'Assign to all filtered',
  title: 'Assign %{kind}',
  kinds: { control: 'a control set', night: 'a night low-power set', load: 'a load set', timed: 'a timed on/off set' },
  set: 'Parameter set',
  noSets: 'No set of this kind yet: add one under basic parameters first',
  values: 'Values of the set',
  currentSet: 'Current set',
  selected: '%{count} selected',
  selectedScope: 'Scope (the meters selected):',
  question: 'Assign "%{name}" to %{count}?',
  nothing: 'Every meter in scope is already on "%{name}": nothing to change',
  unchanged: '%{smart_count} meter already on "%{name}" is left out |||| %{smart_count} meters already on "%{name}" are left out',
  offline: 'Some meters are offline: their commands are kept and sent when the module is back online, or expire with the reason shown',
  changes: 'What changes per meter',
  meter: 'Meter address',
  room: 'Room',
  change: 'Current → new',
  online: 'Online',
  isOnline: 'Online',
  isOffline: 'Offline',
  none: '(none)',
  more: 'and %{smart_count} more meter |||| and %{smart_count} more meters',
  rule: 'A meter takes the new set only when its command succeeds.',
  history: { action: 'Sets sent', title: 'Sets sent · %{address}', empty: 'No parameter set has been sent to this meter yet', table: 'Sets sent', at: 'Time', kind: 'Kind', operator: 'Operator', state: 'Result', all: 'All %{smart_count} |||| All %{smart_count}' },
  progress: { control: 'Assign control set', night: 'Assign night low-power set', load: 'Assign load set', timed: 'Assign timed on/off set', power: 'Assign power set', gift: 'Assign free-energy gift set' },
};

const assign = {
  resources: { kongzhiset: screen, nightset: screen, fuzaiset: screen, TimedOnOffControl: screen },
  specialAssign: messages,
  /** The meter tree of the special functions' choice (components/devices/MeterTree.tsx). */
  meterTree: {
    scope: 'Scope (the buildings and rooms chosen):',
    open: 'Choose by building',
    title: 'Choose meters: project → building → room',
    filters: 'The list\'s current filters:',
    loading: 'Loading…',
    empty: 'No meter matches the filters',
    buildings: 'Show the buildings of %{name}',
    rooms: 'Show the rooms of %{name}',
    count: '%{smart_count} meter |||| %{smart_count} meters',
    allIn: 'All of %{name} (%{smart_count} meter) |||| All of %{name} (%{smart_count} meters)',
    singleRooms: '%{smart_count} more room |||| %{smart_count} more rooms',
    chosen: '%{smart_count} meter chosen |||| %{smart_count} meters chosen',
    next: 'Next',
    tooMany: 'At most %{max} meters at once: use "Assign to all filtered"',
    offline: 'Offline',
    capped: 'Only the first %{count} are listed',
  },
  server: { validation: { broadcastTimeSyncOnly: 'only a time_sync command can be broadcast' } },
  /** Commands held while their module is offline (server/domain/commands.ts moduleAway): the progress view and the lists. */
  commands: {
    states: { waiting: 'Waiting for its module' },
    held: '%{smart_count} device\'s module is offline: its command is kept and sent when the module is back, or expires at its deadline |||| %{smart_count} devices\' modules are offline: their commands are kept and sent when the modules are back, or expire at their deadline',
    reasons: { module_offline: 'Module offline: expired before it came back' },
  },
};

export default assign;
