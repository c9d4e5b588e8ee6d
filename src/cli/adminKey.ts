/** The environment variable `docsgen search push` reads the hosted index's admin key from. */
export const adminKeyVariable = 'ALGOLIA_ADMIN_KEY';
