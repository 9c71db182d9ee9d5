/**
 * The names the server's messages put in their placeholders (issue 46): a kind of meter, a command,
 * a kind of parameter set, a module kind, a value type, and how a list of names reads in a message
 * (`A, B and 3 more` in English, `A、B 及其他 3 个` in Chinese). A message takes them as message
 * parameters (`{ key: 'names.command.trip' }`, server/domain/results.ts `nameOf`, `listOf`), never
 * as the identifiers the API speaks (`electric`, `set_parameter`, `power`).
 */
const messages = {
  server: {
    names: {
      utility: { electric: 'electric meters', water: 'water meters' },
      command: {
        read: 'Read', trip: 'Cut off', close_allowed: 'Close allowed', direct_close: 'Close', keep_supply_on: 'Keep supply on',
        keep_supply_off: 'Keep supply off', time_sync: 'Time sync', set_parameter: 'Set parameters', preset_energy: 'Preset energy',
        recharge: 'Recharge to meter', valve_open: 'Open valve', valve_close: 'Close valve',
      },
      setKind: {
        power: 'power set', control: 'control set', load: 'load set', night: 'night low-power set', timed: 'timed on/off set', gift: 'free-energy gift set',
      },
      moduleKind: { simulator: 'simulator', 'tcp-gateway': 'TCP gateway', dtu: '4G DTU' },
      type: { number: 'a number', string: 'text', boolean: 'true or false', array: 'a list', object: 'an object' },
      list: { item: '%{text}', join: ', ', more: '%{list} and %{more} more' },
    },
  },
};

export default messages;
