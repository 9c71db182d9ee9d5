import { useCallback, useMemo, useState } from 'react';
import { usePayI18n } from '../i18n';
import { OrderPanel } from '../OrderPanel';
import { PayForm } from '../PayForm';
import { followedOrder, followOrder, type FollowedOrder } from '../pending';
import { RoomCard } from '../RoomCard';
import type { Utility } from '../api';
import type { TenantRoom } from './api';
import { useTenant } from './session';

/**
 * Paying as on the sticker page (the same form, QR panel and following), through the tenant's
 * calls for this room; once credited (and the meter back on) the room is read again.
 */
export function TenantPay({ room, utility }: { room: TenantRoom; utility?: Utility }) {
  const { m } = usePayI18n();
  const { client, reloadRooms } = useTenant();
  const api = useMemo(() => client.orders(room.roomId), [client, room.roomId]);
  const [order, setOrder] = useState<FollowedOrder | undefined>(() => followedOrder(api.key));
  const follow = useCallback((next: FollowedOrder | undefined) => {
    followOrder(api.key, next);
    setOrder(next);
  }, [api.key]);
  // The utility asked for (a card's Top up) first, then the others that can be paid.
  const payable = useMemo(() => {
    const sides = room.utilities.filter((side) => side.canPay);
    return { providers: room.providers, utilities: [...sides.filter((side) => side.utility === utility), ...sides.filter((side) => side.utility !== utility)] };
  }, [room, utility]);

  return (
    <div className="columns tenant-pay">
      <RoomCard room={room} />
      {order
        ? <OrderPanel key={order.orderNo} api={api} order={order} onCredited={reloadRooms} onClose={() => follow(undefined)} />
        : !payable.utilities.length
          ? <p className="card notice">{m.tenant.pay.noUtilities}</p>
          : !payable.providers.length
            ? <p className="card notice">{m.tenant.pay.noProviders}</p>
            : <PayForm key={`${room.roomId}-${utility ?? ''}`} api={api} room={payable} onCreated={follow} />}
    </div>
  );
}
