import { useMutation } from '@tanstack/react-query';
import { userUpdateInfo, type CallBodyInput } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';

export type InfoChanges = Omit<CallBodyInput<typeof userUpdateInfo>, 'accessToken'>;

/**
 * Saves part of the member with user-update-info and tells the session about the updated member.
 * The popup shows failures itself, so the central error handler stays quiet.
 */
export function useUpdateInfo() {
  const { api, session } = useServices();
  return useMutation({
    // The client puts the current access token in the body itself.
    mutationFn: (changes: InfoChanges) => api.call(userUpdateInfo, { ...changes, accessToken: '' }),
    onSuccess: (answer) => session.send({ type: 'USER_UPDATED', user: answer.userDetailInfo }),
    meta: { handlesErrors: true },
  });
}
