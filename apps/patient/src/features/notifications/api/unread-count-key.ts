/**
 * The unread count's query key. The home tile (features/patient) reads the same count with
 * its own fetcher; the key is spelled the same there, so a read here updates the tile.
 */
export const unreadCountQueryKey = ['notification', 'unreadCount'] as const;
