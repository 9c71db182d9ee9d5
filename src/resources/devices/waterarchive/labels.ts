/** Choices of the water archive, as message keys. */
export const METER_TYPES = [
  { id: 'cold', name: 'water.meterType.cold' },
  { id: 'hot', name: 'water.meterType.hot' },
];
export const VALVE_STATES = [
  { id: 'open', name: 'water.valve.open' },
  { id: 'closed', name: 'water.valve.closed' },
  { id: 'abnormal', name: 'water.valve.abnormal' },
];
export const YES_NO = [
  { id: 'true', name: 'app.yes' },
  { id: 'false', name: 'app.no' },
];
export const ONLINE = [
  { id: 'true', name: 'water.online.true' },
  { id: 'false', name: 'water.online.false' },
];
export const ACCOUNT = [
  { id: 'true', name: 'water.account.opened' },
  { id: 'false', name: 'water.account.notOpened' },
];
