export { LivingEstate, LivingElectricMeter, LivingWaterMeter, createLivingEstate, RELAY_REFUSED, type EstateOptions, type MeterHint } from './estate';
export { moduleOffline, OUTAGE_WINDOW_MINUTES } from './outages';
export * as model from './model';
