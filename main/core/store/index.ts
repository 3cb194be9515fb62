export * from './encryptor';
export * from './file-key-encryptor';
export * from './key-value';
export * from './open-conf';
export * from './recover';
export * from './session-store';
