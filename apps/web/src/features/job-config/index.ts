/** The public entry of features/job-config: what other features and pages may use. */
export * from './JobConfig';
export * from './job-form';
export * from './job-modal/ApiServerSection';
export * from './job-modal/LegacyFields';
export * from './job-modal/SchedulingPolicyFields';
export * from './form-controls';
