import { type AdminEmail, api, errorText, useToast } from '@courseport/shared-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { withId } from '../../layout/hooks/idSet';

/** The admin e-mail allow-list; loaded once `enabled` turns true (the tab was opened). */
export function useAdminEmails(enabled: boolean) {
  const toast = useToast();
  const [emails, setEmails] = useState<AdminEmail[]>([]);
  const [loading, setLoading] = useState(false);
  const [adding, setAdding] = useState(false);
  const [removingIds, setRemovingIds] = useState<ReadonlySet<string>>(() => new Set());

  const mounted = useRef(false);
  const latestCall = useRef(0);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refresh = useCallback(async () => {
    const call = ++latestCall.current;
    const isLatest = () => mounted.current && call === latestCall.current;
    setLoading(true);
    try {
      const res = await api.get<{ adminEmails: AdminEmail[] }>('/api/user/admin-emails');
      if (isLatest()) setEmails(res.adminEmails ?? []);
    } catch (error) {
      if (isLatest()) toast.error(errorText(error, 'Failed to fetch admin emails', { network: 'fallback' }));
    } finally {
      if (isLatest()) setLoading(false);
    }
  }, [toast]);

  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled, refresh]);

  /** Resolves true when the e-mail was added (the caller clears its input). */
  const add = useCallback(
    async (input: string) => {
      const email = input.trim();
      if (!email) {
        toast.error('Please enter an email address');
        return false;
      }
      setAdding(true);
      try {
        const res = await api.post('/api/user/add-admin-email', { email });
        toast.success(res.message || 'Admin email added');
        await refresh();
        return true;
      } catch (error) {
        toast.error(errorText(error, 'Failed to add email', { network: 'fallback' }));
        return false;
      } finally {
        if (mounted.current) setAdding(false);
      }
    },
    [refresh, toast],
  );

  const remove = useCallback(
    async (emailId: string) => {
      setRemovingIds((ids) => withId(ids, emailId, true));
      try {
        const res = await api.post('/api/user/remove-admin-email', { emailId });
        toast.success(res.message || 'Admin email removed');
        await refresh();
      } catch (error) {
        toast.error(errorText(error, 'Failed to remove email', { network: 'fallback' }));
      } finally {
        if (mounted.current) setRemovingIds((ids) => withId(ids, emailId, false));
      }
    },
    [refresh, toast],
  );

  return { emails, loading, adding, removingIds, refresh, add, remove };
}
