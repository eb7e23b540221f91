/** The public entry of features/create-structure: what other features and pages may use. */
export * from './CreateStructure';
