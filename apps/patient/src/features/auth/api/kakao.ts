import type { KakaoArea, KakaoLinkBody, KakaoLoginBody, KakaoLoginResult } from '@smartcare/contract/kakao';
import type { PatientProfile } from '@smartcare/contract/patient';
import type { TermsCode } from '@smartcare/contract/terms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startSession } from './login';

export type KakaoOutcome =
  | { status: 'LOGGED_IN'; area: KakaoArea; profile: PatientProfile }
  | Extract<KakaoLoginResult, { status: 'NEEDS_ACCOUNT' }>;

/**
 * One exchange per `state`: a state is single use on the server, and React may mount the
 * callback screen twice (strict mode, a quick back and forth); both get the same answer.
 */
const exchanges = new Map<string, Promise<KakaoOutcome>>();

export function finishKakaoLogin(body: KakaoLoginBody): Promise<KakaoOutcome> {
  let exchange = exchanges.get(body.state);
  if (!exchange) {
    exchange = api.kakao.login({ body }).then(async (result): Promise<KakaoOutcome> => {
      if (result.status === 'NEEDS_ACCOUNT') return result;
      return { status: 'LOGGED_IN', area: result.area, profile: await startSession(result.tokens) };
    });
    exchanges.set(body.state, exchange);
  }
  return exchange;
}

/** The callback screen's exchange, as a query so it has its loading and error states. */
export function useKakaoExchange(body: KakaoLoginBody | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['kakao', 'exchange', body?.state ?? null],
    enabled: body !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    queryFn: async () => {
      const outcome = await finishKakaoLogin(body!);
      if (outcome.status === 'LOGGED_IN') queryClient.setQueryData(['patient'], outcome.profile);
      return outcome;
    },
  });
}

function useSessionMutation<Input>(send: (input: Input) => Promise<PatientProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (profile) => {
      // Whatever the previous patient left in the cache is not this patient's.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'kakao' });
      queryClient.setQueryData(['patient'], profile);
    },
  });
}

/** Link the Kakao account to an existing account (its password, once), then log in. */
export function useKakaoLink() {
  return useSessionMutation(async (body: KakaoLinkBody) =>
    startSession(await api.kakao.link({ body }), body.loginId),
  );
}

/** A new account from the Kakao account, with the terms agreed to, then log in. */
export function useKakaoSignUp() {
  return useSessionMutation(async (body: { ticket: string; agreedTermsCodes: TermsCode[] }) =>
    startSession(await api.kakao.signUp({ body })),
  );
}
