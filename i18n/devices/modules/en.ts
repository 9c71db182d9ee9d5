/** Messages of issue 11's modules part (en), merged into i18n/en.ts: module management, water meter status and switch. */
const waterFields = {
  id: 'ID', address: 'Meter address', meterType: 'Type', roomCode: 'Room no.', buildingName: 'Building', projectName: 'Project',
  tenantName: 'Tenant', valveState: 'Valve', batteryLow: 'Battery', online: 'Online', lastReading: 'Last reading (m³)',
  lastReadAt: 'Read at', lastRead: 'Read at', accountOpened: 'Account', q: 'Search',
};

const modules = {
  resources: {
    mokuaiguanli: {
      name: 'Module |||| Modules',
      count: '%{smart_count} module |||| %{smart_count} modules',
      fields: {
        id: 'ID', address: 'Module address', name: 'Name', kind: 'Kind', protocol: 'Protocol', host: 'Host', port: 'Port',
        endpoint: 'Host:port', online: 'Online', lastHeartbeatAt: 'Last heartbeat', projectId: 'Project', projectName: 'Project',
        electricCount: 'Electric meters', waterCount: 'Water meters', remark: 'Remark', createdAt: 'Created', q: 'Search',
        settings: {
          valveCode: 'Valve control code', diOrder: 'Read DI byte order', password: 'Relay password',
          operatorCode: 'Operator code', frameTimeoutMs: 'Frame timeout (ms)',
        },
      },
    },
    waterstate: { name: 'Water meter |||| Water meters', count: '%{smart_count} water meter |||| %{smart_count} water meters', fields: waterFields },
    waterswitch: { name: 'Water meter |||| Water meters', count: '%{smart_count} water meter |||| %{smart_count} water meters', fields: waterFields },
  },
  moduleScreen: {
    kind: { simulator: 'Simulator', 'tcp-gateway': 'TCP gateway', dtu: '4G DTU' },
    protocol: { dlt645: 'DL/T 645 (electric)', cjt188: 'CJ/T 188 (water)' },
    kindHelp: {
      simulator: 'A simulated bus: the simulator answers for its meters',
      'tcp-gateway': 'A serial-to-Ethernet converter: the platform connects to its host and port',
      dtu: 'A 4G DTU that dials in to the platform and registers with its address',
    },
    protocolHelp: 'DL/T 645 carries electric meters, CJ/T 188 water meters',
    addressHelp: '1–32 letters or digits (kept in capitals), unique on the platform',
    addressDtuHelp: 'The id the DTU sends when it registers (1–32 letters or digits)',
    hostHelp: 'Host name or IP address, without http:// or a path',
    portHelp: '1–65535',
    hostInvalid: 'Enter a host name or an IP address, without http://, port or path',
    addressInvalid: 'Use 1–32 letters or digits',
    hex8: 'Must be 8 hexadecimal digits',
    advanced: 'Advanced: protocol settings',
    advancedHelp: 'Real devices differ from the standards; leave a field empty to use its default.',
    defaultIs: 'Default: %{value}',
    valveCode: { '04': 'Standard write (04)', '2A': 'Vendor code (2A)' },
    diOrder: { '901F': 'Standard (90 1F)', '1F90': 'Reversed (1F 90)' },
    state: 'Module state',
    endpointNone: 'none',
    neverHeard: 'never',
    meters: {
      title: 'Its meters',
      empty: 'No meter hangs off this module',
      capped: 'The first %{shown} of each kind are shown (%{total} in all)',
      kind: { electric: 'Electric', water: 'Water' },
      kindLabel: 'Kind', address: 'Address', room: 'Room', state: 'State', online: 'Online', channel: 'Ch.',
      counts: '%{electric} electric · %{water} water',
    },
    relay: { on: 'Supply on', off: 'Cut off', close_pending: 'Close allowed' },
    testConnection: 'Test connection',
    testHint: 'Reads one of its meters through this module',
    testNoMeter: 'This module carries no meter to read',
    testAction: 'Test connection (read a meter)',
    deleteCarries: 'This module carries %{electric} electric and %{water} water meters: move or delete them before deleting the module.',
  },
  waterScreens: {
    readAction: 'Read meters',
    readSelected: 'Read selected',
    readSelectedConfirm: 'Send a read command to the %{smart_count} selected meter? |||| Send a read command to the %{smart_count} selected meters?',
    readAll: 'Read now',
    readAllTitle: 'Read the listed meters now',
    readAllConfirm: 'Send a read command to %{count}? The values arrive as the meters answer.',
    tooMany: 'More than %{max} meters: narrow the filter (e.g. one building) and try again',
    attention: 'Needs attention',
    attentionHint: 'Low battery or abnormal valve',
  },
  server: {
    errors: {
      moduleAddressTaken: 'Module address %{address} is already in use',
      moduleCarriesElectric: 'Module %{address} carries %{count} electric meters: a CJ/T 188 module cannot reach them; move them first',
      moduleCarriesWater: 'Module %{address} carries %{count} water meters: a DL/T 645 module cannot reach them; move them first',
      moduleHasMeters: 'Module %{address} still carries %{electric} electric and %{water} water meters: move or delete them first',
      moduleHasCommands: 'Module %{address} still has %{count} commands queued or in progress: wait for them to finish',
    },
    validation: {
      moduleAddress: 'must be 1–32 letters or digits',
      hex8: 'must be 8 hexadecimal digits',
      host: 'must be a host name or an IP address, without scheme, port or path',
      hostRequired: 'a TCP gateway needs a host',
      portRequired: 'a TCP gateway needs a port (1–65535)',
      noHost: 'a %{kind} module has no host or port',
      projectNotFound: 'the project does not exist or is outside your area',
      settingsEmpty: 'give at least one setting, or null for all the defaults',
    },
  },
};

export default modules;
