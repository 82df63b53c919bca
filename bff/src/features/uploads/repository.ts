import type { Db } from "../../lib/db.js"

export type UploadRow = { id: string; user_id: string; url: string; thumb_url: string; width: number; height: number }

const COLUMNS = "id, user_id, url, thumb_url, width, height"

/** The only reads and writes of bff.uploads. */
export function uploadsRepository(db: Db) {
  return {
    async insert(row: UploadRow): Promise<UploadRow> {
      const { rows } = await db.query<UploadRow>(
        `insert into bff.uploads (id, user_id, url, thumb_url, width, height) values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
        [row.id, row.user_id, row.url, row.thumb_url, row.width, row.height],
      )
      return rows[0]!
    },

    async ofUser(userId: string, url: string): Promise<UploadRow | undefined> {
      const { rows } = await db.query<UploadRow>(`select ${COLUMNS} from bff.uploads where url = $1 and user_id = $2`, [url, userId])
      return rows[0]
    },
  }
}
