import { formatYuan } from '../../common/money';
import type { PayRoom } from './api';
import { usePayI18n } from './i18n';
import { stateText, stateTone } from './words';

/** The room as its sticker's holder sees it: the masked label, and each utility's balance and supply state. */
export function RoomCard({ room }: { room: PayRoom }) {
  const { m } = usePayI18n();
  return (
    <section className="card room" aria-label={m.room}>
      <p className="room-label">{room.room}</p>
      <ul className="balances">
        {room.utilities.map((side) => (
          <li key={side.utility} className={`balance ${side.utility}`}>
            <span className="utility">{m.utility[side.utility]}</span>
            <span className="money"><small>{m.balance}</small> <strong>{formatYuan(side.balanceFen)}</strong></span>
            <span className={`state ${stateTone(side.state)}`}>{stateText(m, side.state)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
