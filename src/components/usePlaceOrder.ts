/**
 * The submit of a priced create form (a server, a volume): it places an order, which the
 * customer then pays on /order/create. One submit at a time; a refused order keeps the form and
 * puts the server's field errors (`data.name` → `name`) on the form's fields; an answer lost on
 * the way is not invited twice: the pending orders are read, and the one this submit placed is
 * opened if it is there.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

import { errorMessage, fieldErrors } from '../api/client';
import type { CreateOrderRequest, Order, PortalDataProvider } from '../dataProvider/dataProvider';
import { QUERY_KEYS } from '../dataProvider/queryKeys';
import { isLostAnswer } from './lostAnswer';
import { usePortalNotify } from './usePortalNotify';

type FormValues = Record<string, unknown>;

interface PlaceOrderOptions<V extends object, O extends CreateOrderRequest> {
  /** The order the form's values ask for; undefined when they cannot make one yet. */
  toOrder: (values: V) => O | undefined;
  /** Among the account's pending orders, the one this order placed (same name, size, period). */
  isPlaced: (pending: Order, order: O, values: V) => boolean;
  /** Message key of the toast once placed, given the form's `name`. */
  placedKey: string;
  /** Runs once the order exists, before the payment page opens (e.g. forgetting a kept draft). */
  onPlaced?: () => void;
}

export function usePlaceOrder<V extends object, O extends CreateOrderRequest>({
  toOrder,
  isPlaced,
  placedKey,
  onPlaced,
}: PlaceOrderOptions<V, O>) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = usePortalNotify();
  const [submitError, setSubmitError] = useState<string>();
  const submitting = useRef(false);
  const place = useMutation({ mutationFn: (order: O) => dataProvider.createOrder(order) });

  const open = async (order: Order | undefined, values: V) => {
    // A signed-out call answers nothing to go on; the session rules take over.
    if (!order?.id) return;
    onPlaced?.();
    await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.orders });
    notify.success(placedKey, { name: (values as { name?: unknown }).name });
    navigate(`/order/create?id=${order.id}`);
  };

  /** react-admin's Form onSubmit: answers the field errors to show, if any. */
  const submit = async (raw: FormValues) => {
    if (submitting.current) return undefined;
    const values = raw as unknown as V;
    const order = toOrder(values);
    if (!order) return undefined;
    submitting.current = true;
    setSubmitError(undefined);
    try {
      await open(await place.mutateAsync(order), values);
      return undefined;
    } catch (error) {
      if (isLostAnswer(error)) {
        const pending = await dataProvider
          .listOrders({ status: 'pending', per_page: 100 })
          .catch(() => undefined);
        const placed = pending?.items.find((candidate) => isPlaced(candidate, order, values));
        if (placed) return void (await open(placed, values));
        notify.resultUnknown();
        setSubmitError(translate('app.error.result_unknown'));
        return undefined;
      }
      setSubmitError(errorMessage(error, translate));
      return orderFieldErrors(error, values);
    } finally {
      submitting.current = false;
    }
  };

  return { submit, submitError, busy: place.isPending };
}

/** The API's field errors on the order's data (`data.name`), under the form's fields (`name`). */
export function orderFieldErrors(
  error: unknown,
  values: object,
): Record<string, string> | undefined {
  const found: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    const name = field.replace(/^data[./]/, '');
    if ((name.split('.')[0] as string) in values) found[name] = message;
  }
  return Object.keys(found).length ? found : undefined;
}
