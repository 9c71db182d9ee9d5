/** Messages of issue 30's user parameters and preset energy screens (en), merged into i18n/en.ts. */
import meters from '../../devices/meters/en';

const limitFields = {
  projectName: 'Project', buildingName: 'Building', roomCode: 'Room no.', tenantName: 'Tenant', utility: 'Account',
  balanceFen: 'Balance (yuan)', alarm1Fen: 'Alarm level 1 (yuan)', alarm2Fen: 'Alarm level 2 (yuan)', overdraftFen: 'Overdraft (yuan)', hoardLimitFen: 'Hoarding limit (yuan)',
};

const preset = {
  resources: {
    basicUserParameters: { fields: limitFields },
    yuzhidianliang: meters.resources.tongduankongzhi,
    preset_power_record: {
      fields: {
        createdAt: 'Time', created: 'Time', meterAddress: 'Meter address', projectName: 'Project', buildingName: 'Building', roomCode: 'Room no.',
        energy: 'Energy (kWh)', reason: 'Reason', state: 'Result', operatorName: 'Operator', operator: 'Operator',
      },
    },
  },
  userParameters: {
    edit: 'Set limits',
    setSelected: 'Set limits of the selected',
    title: 'User parameters · %{room}',
    titleMany: 'User parameters of %{smart_count} account |||| User parameters of %{smart_count} accounts',
    balance: 'Balance now',
    keepEmpty: 'An empty field keeps each account\'s own value.',
    keep: 'keep',
    rule: 'Alarm level 2 below level 1; the overdraft not negative; the hoarding limit above alarm level 1 and not below the balance.',
    notAmount: 'Enter an amount in yuan with at most two decimals',
    nothing: 'Enter at least one limit',
    ofRoom: '%{room}: %{reason}',
    saved: 'Limits saved for %{smart_count} account |||| Limits saved for %{smart_count} accounts',
    utility: { electric: 'Electricity', water: 'Water' },
  },
  presetEnergy: {
    presetSelected: 'Preset energy for the selected',
    presetFiltered: 'Preset energy for all filtered',
    title: 'Preset energy',
    selected: 'Selected: %{count}',
    energy: 'Energy to preset (kWh)',
    energyHelp: '0.01 to 99999.99 kWh, at most two decimals',
    energyInvalid: 'Enter 0.01 to 99999.99 kWh with at most two decimals',
    question: 'Write %{energy} kWh to %{count}?',
    offline: '%{smart_count} meter is offline: its command is retried until its deadline, then fails with the reason |||| %{smart_count} meters are offline: their commands are retried until their deadline, then fail with the reason',
    rule: 'Each meter\'s result is a preset energy record; a meter that cannot keep a preset answers "not supported".',
    progress: 'Preset energy',
    remaining: 'Kept (kWh)',
    result: { succeeded: 'Succeeded', failed: 'Failed', unsupported: 'Not supported', expired: 'Expired' },
    totals: { count: 'Records', succeeded: 'Succeeded', energy: 'Energy preset (kWh)' },
  },
  server: {
    validation: {
      presetEnergy: 'must be 0.01 to 99999.99 kWh with at most two decimals',
      presetEnergyOnly: 'only a preset_energy command takes an energy',
      userParameters: {
        range: 'must be a whole number of fen from 0 to %{max}',
        overdraftNegative: 'the overdraft may not be negative',
        alarmOrder: 'alarm level 2 (%{alarm2}) must be below alarm level 1 (%{alarm1})',
        hoardAboveAlarm: 'the hoarding limit must be above alarm level 1 (%{alarm1})',
        hoardBelowBalance: 'the hoarding limit %{limit} is below the current balance %{balance}',
        ofRoom: 'room %{room}: %{reason}',
        nothing: 'send at least one of alarm level 1, alarm level 2, overdraft, hoarding limit',
      },
    },
  },
};

export default preset;
