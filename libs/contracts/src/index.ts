export * from './common';
export * from './password';
export * from './users';
export * from './tiers';
export * from './contacts';
