export * from './system';
export * from './estate';
export * from './billing';
export * from './devices';
export * from './events';
export * from './payments';
export * from './tenantPortal';
