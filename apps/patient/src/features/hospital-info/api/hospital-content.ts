import type { Content, NoticeSummary, SearchResult } from '@smartcare/contract/hospital-content';
import type { Page } from '@smartcare/contract/paging';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One family of keys: opening a notice refreshes the list's unread marks and the hub's count. */
export const hospitalContentKeys = {
  all: ['hospitalContent'] as const,
  notices: ['hospitalContent', 'notices'] as const,
  content: (idx: number) => ['hospitalContent', 'content', idx] as const,
  faq: (category: string | null) => ['hospitalContent', 'faq', category] as const,
  categories: (kind: 'FAQ' | 'GUIDE') => ['hospitalContent', 'categories', kind] as const,
  guides: (category: string) => ['hospitalContent', 'guides', category] as const,
  search: (keyword: string) => ['hospitalContent', 'search', keyword] as const,
};

export const NOTICE_PAGE_SIZE = 20;

/** `GET /hospitalContent/getNoticeList`: pinned first, then newest; one page per scroll. */
export function noticeListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: hospitalContentKeys.notices,
    queryFn: ({ pageParam, signal }): Promise<Page<NoticeSummary>> =>
      api.hospitalContent.getNoticeList({ query: { pNum: pageParam, pSize: NOTICE_PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pNum * last.pSize < last.totalCount ? last.pNum + 1 : undefined),
    // The notices open offline with the pages last read (issue 12, decision 017).
    meta: { offline: true },
  });
}

export function useNoticeList(enabled = true) {
  return useInfiniteQuery({ ...noticeListQueryOptions(), enabled });
}

/** `GET /hospitalContent/getContent`: a notice, FAQ entry or guide; opening a notice marks it read. */
export function contentQueryOptions(idx: number) {
  return queryOptions({
    queryKey: hospitalContentKeys.content(idx),
    queryFn: ({ signal }): Promise<Content> => api.hospitalContent.getContent({ query: { idx }, signal }),
  });
}

export function useContent(idx: number, enabled = true) {
  return useQuery({ ...contentQueryOptions(idx), enabled: enabled && Number.isInteger(idx) && idx > 0 });
}

/** `GET /hospitalContent/getFaqList`, of one category or all (`null`). */
export function useFaqList(category: string | null, enabled = true) {
  return useQuery({
    queryKey: hospitalContentKeys.faq(category),
    queryFn: ({ signal }): Promise<Content[]> =>
      api.hospitalContent.getFaqList({ query: { category: category ?? undefined }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET /hospitalContent/getCategories`: the chips and the browse list, with counts. */
export function useCategories(kind: 'FAQ' | 'GUIDE', enabled = true) {
  return useQuery({
    queryKey: hospitalContentKeys.categories(kind),
    queryFn: ({ signal }) => api.hospitalContent.getCategories({ query: { kind }, signal }),
    enabled,
  });
}

/** `GET /hospitalContent/getGuideList` of one category (browsing when nothing is typed). */
export function useGuideList(category: string | null, enabled = true) {
  return useQuery({
    queryKey: hospitalContentKeys.guides(category ?? ''),
    queryFn: ({ signal }): Promise<Content[]> =>
      api.hospitalContent.getGuideList({ query: { category: category ?? undefined }, signal }),
    enabled: enabled && category !== null,
  });
}

/** `GET /hospitalContent/search` (decision 019): as the patient types, the last answer stays up meanwhile. */
export function useContentSearch(keyword: string, enabled = true) {
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: hospitalContentKeys.search(trimmed),
    queryFn: ({ signal }): Promise<SearchResult[]> =>
      api.hospitalContent.search({ query: { keyword: trimmed }, signal }),
    placeholderData: keepPreviousData,
    enabled: enabled && trimmed.length > 0,
  });
}
