import { useQueryClient } from '@tanstack/react-query';
import type { MemberInfo } from '@jade/contracts/auth';
import { useEffect, useRef } from 'react';
import { useBrand } from '../../../config/brand';
import { useSession } from '../../../lib/session';
import { memberInfoQueryKey, useMemberInfo } from '../api/get-member-info';
import { updateMemberLanguage } from '../api/update-language';

/**
 * Keeps the member's language on the server (§7 language update): on login (or reload) the server's
 * language wins once, unless the member picked one while their profile was still loading (that pick
 * is theirs and is sent); after that every choice in the language picker is sent to the server.
 */
export function useMemberLanguage() {
  const { language, setLanguage } = useBrand();
  const { token } = useSession();
  const info = useMemberInfo();
  const queryClient = useQueryClient();
  const adoptedFor = useRef<string | null>(null);
  const startedWith = useRef<{ token: string; code: string } | null>(null);
  const code = language?.code;
  const serverLanguage = info.data?.language ?? null;

  useEffect(() => {
    if (!token || !code) return;
    if (startedWith.current?.token !== token) startedWith.current = { token, code };
    if (!info.data) return;
    if (adoptedFor.current !== token) {
      adoptedFor.current = token;
      const pickedWhileLoading = code !== startedWith.current.code;
      if (serverLanguage && serverLanguage !== code && !pickedWhileLoading) {
        setLanguage(serverLanguage);
        return;
      }
    }
    if (serverLanguage === code) return;
    void updateMemberLanguage(code).then(
      (saved) =>
        queryClient.setQueryData<MemberInfo>(memberInfoQueryKey(token), (old) =>
          old ? { ...old, language: saved.language } : old,
        ),
      () => undefined,
    );
  }, [token, info.data, code, serverLanguage, setLanguage, queryClient]);
}
