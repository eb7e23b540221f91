/** The public entry of features/files: what other features and pages may use. */
export * from './DmsFileListModal';
export * from './FileListModal';
export * from './FileViewerModal';
export * from './ReportFileLists';
export * from './file-api';
export * from './file-lists';
export * from './files.i18n';
