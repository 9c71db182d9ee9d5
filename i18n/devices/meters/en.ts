/** Messages of issue 11's meters part (en), merged into i18n/en.ts. */
/** The electric meter fields, shared by the three electric screens. */
const meterFields = {
  id: 'ID',
  address: 'Meter address',
  projectName: 'Project',
  buildingName: 'Building',
  roomCode: 'Room no.',
  roomId: 'Room',
  tenantName: 'Tenant',
  tenantPhone: 'Phone',
  moduleId: 'Module',
  moduleAddress: 'Module',
  channel: 'Channel',
  relayState: 'Relay',
  online: 'Online',
  keepSupply: 'Keep supply',
  withoutRoom: 'Room',
  lastTotal: 'Total (kWh)',
  lastReadAt: 'Read at',
  lastSharp: 'Sharp (kWh)',
  lastPeak: 'Peak (kWh)',
  lastFlat: 'Flat (kWh)',
  lastValley: 'Valley (kWh)',
  lastVoltage: 'Voltage (V)',
  lastCurrent: 'Current (A)',
  lastPowerKw: 'Power (kW)',
  powerSetName: 'Power parameters',
  controlSetName: 'Control parameters',
  loadSetName: 'Load parameters',
  nightSetName: 'Night low-power limit',
  timedSetName: 'Timed on/off',
  giftSetName: 'Free-electricity gift',
  priceTableName: 'Price table',
  priceTableId: 'Price table',
  model: 'Model',
  phase: 'Phase',
  ctRatio: 'CT ratio',
  remark: 'Remark',
  createdAt: 'Created',
  q: 'Search'
};

const meters = {
  resources: {
    dianbiaoguanli: {
      name: 'Electric meter |||| Electric meters',
      count: '%{smart_count} electric meter |||| %{smart_count} electric meters',
      fields: meterFields
    },
    dianbiaoshishijilu: {
      name: 'Electric meter |||| Electric meters',
      count: '%{smart_count} electric meter |||| %{smart_count} electric meters',
      fields: meterFields
    },
    tongduankongzhi: {
      name: 'Electric meter |||| Electric meters',
      count: '%{smart_count} electric meter |||| %{smart_count} electric meters',
      fields: meterFields
    }
  },
  electric: {
    relay: {
      on: 'On',
      off: 'Off (tripped)',
      close_pending: 'Close allowed'
    },
    keepSupply: {
      true: 'Kept',
      false: 'Normal'
    },
    withoutRoom: {
      true: 'Not in a room',
      false: 'In a room'
    },
    fields: {
      module: 'Module'
    },
    actions: {
      read: 'Read now',
      trip: 'Trip (cut power)',
      close_allowed: 'Allow closing',
      direct_close: 'Close directly',
      keep_supply_on: 'Keep supply on',
      keep_supply_off: 'Keep supply off',
      device: 'Device actions',
      readSelected: 'Read the selected',
      readFiltered: 'Read all listed',
      controlSelected: 'On/off for the selected',
      controlFiltered: 'On/off for all listed'
    },
    confirm: {
      action: 'Action',
      cause: 'Cause',
      question: '%{action}: send to %{count}?',
      questionTrip: '%{action} (cause: %{cause}): send to %{count}? Their rooms lose power until closed again.'
    },
    causes: {
      manual: 'Manual',
      arrears: 'Arrears',
      overload: 'Overload',
      malignant_load: 'Malignant load',
      night_limit: 'Night limit',
      timed: 'Timed',
      maintenance: 'Maintenance'
    },
    read: {
      total: 'Total kWh',
      sharp: 'Sharp',
      peak: 'Peak',
      flat: 'Flat',
      valley: 'Valley',
      voltage: 'V',
      current: 'A',
      powerKw: 'kW'
    },
    record: {
      state: 'Meter state',
      rates: 'Sharp / peak / flat / valley (kWh)',
      electrical: 'Voltage · current · power'
    },
    addressInvalid: 'Must be 12 digits',
    addressHelp: '12 digits (DL/T 645)',
    moduleHelp: 'Only DL/T 645 modules of your area',
    moduleMeters: '%{smart_count} meter |||| %{smart_count} meters',
    channelHelp: '1–1024, unique on the module',
    roomHelp: 'Only rooms without an electric meter are listed; the room\'s electric account is opened',
    phase: {
      1: 'Single phase',
      3: 'Three phase'
    },
    parameterSets: 'Parameter sets',
    importTitle: 'Import electric meters from CSV'
  },
  server: {
    errors: {
      meters: {
        moduleNotElectric: 'Module %{address} speaks %{protocol}: an electric meter needs a DL/T 645 (dlt645) module',
        moduleNotWater: 'Module %{address} speaks %{protocol}: a water meter needs a CJ/T 188 (cjt188) module',
        channelTaken: 'Channel %{channel} of module %{module} is already taken by meter %{address}',
        setNotAssignable: 'Parameter set %{id} is not a %{kind} of the meter\'s area',
        priceTableNotFound: 'Price table %{id} does not exist in the meter\'s area',
        changedMeanwhile: 'The address, room or channel was taken meanwhile: reload and try again',
        importModuleUnknown: 'no module with address %{address} in your area',
        importChannelTaken: 'channel %{channel} of module %{module} is already taken',
      },
    },
    validation: {
      phase: 'must be 1 (single phase) or 3 (three phase)',
    },
  },
};

export default meters;
