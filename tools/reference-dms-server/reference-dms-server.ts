// Moved to packages/reference-peers (the demo of the first start runs it inside the server); this path stays for
// the tests and tools that import it.
export * from '@lis/reference-peers/reference-dms-server';
