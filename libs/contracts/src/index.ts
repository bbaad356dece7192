export * from './common';
export * from './dates';
export * from './password';
export * from './users';
export * from './tiers';
export * from './contacts';
export * from './interactions';
export * from './notifications';
