/** Every medication query starts with this key: a change or a dose action refreshes all of them. */
export const medicationQueryKey = ['medication'] as const;
