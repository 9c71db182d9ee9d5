/** Messages of the area defaults (issue 29: the area's default price table and control set), en; merged into i18n/en.ts. */
const areaDefaults = {
  areaDefaults: {
    button: 'Area defaults',
    title: 'Area default price table and control set',
    area: 'Area: %{name}',
    help: 'A meter in a room without a price table is charged at the area\'s default table. A new electricity account whose meter has no control set takes its alarm levels, overdraft and hoarding limit from the electricity accounts\' default control set; a new water account from the water accounts\' default.',
    priceTable: 'Default price table',
    controlSet: 'Electricity accounts\' default control set',
    waterControlSet: 'Water accounts\' default control set',
    none: 'None',
    saved: 'Area defaults saved',
    meterFormDefault: 'Left empty: the area\'s default table, %{name}',
    meterFormNoDefault: 'The area has no default table: a meter in a room without one is not charged and raises an alarm',
  },
  electricSets: {
    pending: 'Sent to the meter after saving (a set-parameter command); it applies once the meter has taken it',
    queued: '%{smart_count} parameter set sent to the meter; it applies once the meter has taken it |||| %{smart_count} parameter sets sent to the meter; they apply once the meter has taken them',
  },
  server: {
    errors: {
      areaDefaults: { priceTableNotFound: 'no price table %{id} in your area' },
    },
  },
};

export default areaDefaults;
