import type { KakaoLinkStatus } from '@smartcare/contract/kakao';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const linkKey = ['kakao', 'myLink'] as const;

/** Whether Kakao login is configured on the server (the same answer the login screen reads). */
export function useKakaoEnabled() {
  return useQuery({
    queryKey: ['kakao', 'config'],
    queryFn: () => api.kakao.getConfig(),
    staleTime: Infinity,
    retry: false,
    select: (config) => config.enabled,
  });
}

/** `GET /kakao/getMyLink`: the settings' "카카오 로그인" row. */
export function useKakaoLinkStatus() {
  return useQuery({ queryKey: linkKey, queryFn: () => api.kakao.getMyLink() });
}

/** `POST /kakao/unlink`: unlinked at Kakao and here; the answer is the new status. */
export function useKakaoUnlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.kakao.unlink(),
    onSuccess: (status: KakaoLinkStatus) => queryClient.setQueryData(linkKey, status),
  });
}
