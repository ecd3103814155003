export * from './accounts';
export * from './admin';
export * from './chat';
export * from './credits';
export * from './notifications';
export * from './platform';
export * from './solutions';
export * from './tickets';
