import { eq } from 'drizzle-orm';
import * as schema from './schema';
import type { Db } from './index';
import { roomText } from '../../common/formats';

const { rooms, buildings, projects } = schema;

/**
 * A room as messages name it, read by its id: project, building and room code ("滨江花园 1号楼
 * 101", common/formats.ts roomText: "1号楼 101" exists in several projects); `#id` for a room that
 * is not there. For refusals and answers, off the hot paths: one indexed read.
 */
export async function roomTextOf(db: Db, roomId: number): Promise<string> {
  const [room] = await db.select({ projectName: projects.name, buildingName: buildings.name, roomCode: rooms.roomCode }).from(rooms)
    .leftJoin(buildings, eq(buildings.id, rooms.buildingId)).leftJoin(projects, eq(projects.id, rooms.projectId))
    .where(eq(rooms.id, roomId));
  return room ? roomText(room) : `#${roomId}`;
}
