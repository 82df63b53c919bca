#!/bin/sh
# One backup of the shop: BACKUP_DIR/<UTC stamp>/ with database.dump (pg_dump --format=custom of the whole database,
# Medusa's public schema and the BFF's bff schema in one snapshot), media/ (every object of MEDIA_DIR or of the S3
# bucket, less the image variants the BFF remakes on demand) and manifest.json, written last: a folder without it is
# a backup that did not finish. With BACKUP_S3_BUCKET the folder is also uploaded there, its manifest last.
#
# The one writer of this layout: `npm run backup` (scripts/backup/backup.ts) runs it with the binaries it chose, and the
# scheduled job (docker-compose.yml's backup service, deploy/k8s/backup-cronjob.yaml) in the postgres image.
# scripts/backup/manifest.ts reads what it writes (`npm run restore`).
#
#   DATABASE_URL, BACKUP_DIR        required
#   PG_DUMP, PSQL                   the binaries (default: pg_dump and psql on PATH)
#   MEDIA_DIR                       media on this disk, or S3_BUCKET with S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID,
#                                   S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as the BFF reads them
#   RCLONE                          rclone, for S3 (default: rclone on PATH)
#   BACKUP_S3_BUCKET                also upload to this bucket, under BACKUP_S3_PREFIX, with BACKUP_S3_REGION,
#                                   BACKUP_S3_ENDPOINT, BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY,
#                                   BACKUP_S3_FORCE_PATH_STYLE; BACKUP_S3_CREATE_BUCKET=true makes the bucket if missing
#   BACKUP_REMOVE_LOCAL=true        remove the local folder once uploaded (the scheduled job's disk is scratch)
set -eu

fail() {
  printf '✖ backup: %s\n' "$*" >&2
  exit 1
}

: "${DATABASE_URL:?set DATABASE_URL (the shop database to back up)}"
: "${BACKUP_DIR:?set BACKUP_DIR (where the backup folder goes)}"
PG_DUMP=${PG_DUMP:-pg_dump}
PSQL=${PSQL:-psql}
RCLONE=${RCLONE:-rclone}
[ -n "${MEDIA_DIR:-}${S3_BUCKET:-}" ] || fail "set MEDIA_DIR or S3_BUCKET (where the shop's media are)"

is_true() { [ "${1:-}" = true ] || [ "${1:-}" = 1 ]; }
json_string() { printf '"%s"' "$(printf '%s' "$1" | sed 's/[\\"]/\\&/g')"; }

# An S3 remote for rclone, named $1, from the variables whose names start with $2 (S3_ or BACKUP_S3_).
s3_remote() {
  remote=$(printf '%s' "$1" | tr '[:lower:]' '[:upper:]')
  eval "endpoint=\${${2}ENDPOINT:-} key=\${${2}ACCESS_KEY_ID:-} secret=\${${2}SECRET_ACCESS_KEY:-}"
  eval "region=\${${2}REGION:-us-east-1} path_style=\${${2}FORCE_PATH_STYLE:-false}"
  [ -n "$key" ] && [ -n "$secret" ] || fail "${2}BUCKET needs ${2}ACCESS_KEY_ID and ${2}SECRET_ACCESS_KEY"
  command -v "$RCLONE" >/dev/null || fail "media or uploads in S3 need rclone (apt-get install rclone, or set RCLONE to its path)"
  export "RCLONE_CONFIG_${remote}_TYPE=s3" "RCLONE_CONFIG_${remote}_ACCESS_KEY_ID=$key" \
    "RCLONE_CONFIG_${remote}_SECRET_ACCESS_KEY=$secret" "RCLONE_CONFIG_${remote}_REGION=$region" \
    "RCLONE_CONFIG_${remote}_NO_CHECK_BUCKET=true"
  if [ -n "$endpoint" ]; then
    export "RCLONE_CONFIG_${remote}_PROVIDER=Other" "RCLONE_CONFIG_${remote}_ENDPOINT=$endpoint"
  else
    export "RCLONE_CONFIG_${remote}_PROVIDER=AWS"
  fi
  if is_true "$path_style"; then export "RCLONE_CONFIG_${remote}_FORCE_PATH_STYLE=true"; else export "RCLONE_CONFIG_${remote}_FORCE_PATH_STYLE=false"; fi
}

stamp=$(date -u +%Y-%m-%dT%H%M%SZ)
created_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)
work=$(mktemp -d "${TMPDIR:-/tmp}/fitshop-backup.XXXXXX")
psql_pid=
cleanup() {
  exec 3>&- 2>/dev/null || true
  [ -z "$psql_pid" ] || kill "$psql_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# One psql session holds a repeatable-read transaction open: pg_dump reads its exported snapshot, and the row counts
# come from the same one, so the manifest's counts are exactly the dump's.
mkfifo "$work/sql"
{
  "$PSQL" -X -q -A -t -v ON_ERROR_STOP=1 -d "$DATABASE_URL" && status=0 || status=$?
  echo "$status" >"$work/psql.exit"
} <"$work/sql" >"$work/answers" 2>"$work/psql.err" &
psql_pid=$!
exec 3>"$work/sql"
# The answer of the nth query (one line each).
answer() {
  while [ "$(wc -l <"$work/answers")" -lt "$1" ]; do
    [ ! -e "$work/psql.exit" ] || fail "cannot query the database: $(tr '\n' ' ' <"$work/psql.err")"
    sleep 0.1
  done
  sed -n "${1}p" "$work/answers"
}

printf '%s\n' "select current_setting('server_version_num');" >&3
server_version_num=$(answer 1)
server_major=$((server_version_num / 10000))
dump_version=$("$PG_DUMP" --version) || fail "cannot run $PG_DUMP"
dump_major=$(printf '%s' "$dump_version" | sed -n 's/^pg_dump (PostgreSQL) \([0-9]*\).*/\1/p')
[ -n "$dump_major" ] || fail "cannot read $PG_DUMP's version from: $dump_version"
[ "$dump_major" -ge "$server_major" ] ||
  fail "$PG_DUMP is PostgreSQL $dump_major's and cannot dump a PostgreSQL $server_major server: install postgresql-client-$server_major (or set PG_DUMP to its pg_dump)"

mkdir -p "$BACKUP_DIR"
out="$BACKUP_DIR/$stamp"
mkdir "$out" || fail "$out exists already (one backup a second)"
mkdir "$out/media"

printf '%s\n' "begin transaction isolation level repeatable read, read only;" "select pg_export_snapshot();" >&3
snapshot=$(answer 2)
"$PG_DUMP" --format=custom --snapshot="$snapshot" --file="$out/database.dump" --dbname="$DATABASE_URL" ||
  fail "pg_dump failed (above); $out is incomplete (no manifest.json)"

# The key rows a restore must bring back, counted in the dump's snapshot; a table not there yet counts nothing.
printf '%s\n' "select json_build_object('name', current_database(), 'serverVersion', current_setting('server_version'), 'rowCounts',
  (select coalesce(json_object_agg(name, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %s', to_regclass(name)), false, true, '')))[1]::text::bigint), '{}')
     from unnest(array['public.order', 'public.customer', 'public.product', 'bff.users', 'bff.orders', 'bff.dark_coin_entries',
       'bff.fitfeed_posts', 'bff.tax_documents']) as name where to_regclass(name) is not null));" "commit;" >&3
facts=$(answer 3)
exec 3>&-
wait "$psql_pid"
[ "$(cat "$work/psql.exit")" = 0 ] || fail "the snapshot's transaction failed: $(tr '\n' ' ' <"$work/psql.err")"
psql_pid=

if [ -n "${S3_BUCKET:-}" ]; then
  s3_remote media S3_
  "$RCLONE" copy --fast-list "media:$S3_BUCKET" "$out/media" --exclude '.*/**' --exclude '.*' || fail "cannot copy the media bucket $S3_BUCKET"
  media_source="s3://$S3_BUCKET"
elif [ -d "$MEDIA_DIR" ]; then
  # Not the image variants (.variants/, made again on demand) nor a file half-written under its temporary name.
  (cd "$MEDIA_DIR" && find . -type f ! -path '*/.*' ! -name '*.tmp' -exec cp --parents -p -t "$out/media" {} +) ||
    fail "cannot copy the media folder $MEDIA_DIR"
  media_source=$MEDIA_DIR
else
  printf 'backup: no media folder at %s: the backup has no media\n' "$MEDIA_DIR" >&2
  media_source=$MEDIA_DIR
fi

files=$(
  cd "$out"
  first=true
  find . -type f ! -name manifest.json | sed 's|^\./||' | LC_ALL=C sort | while IFS= read -r file; do
    size=$(stat -c %s "$file")
    sum=$(sha256sum "$file" | cut -d ' ' -f 1)
    $first || printf ',\n'
    first=false
    printf '    {"path": %s, "size": %s, "sha256": "%s"}' "$(json_string "$file")" "$size" "$sum"
  done
)

{
  printf '{\n  "format": "fitshop-backup/1",\n'
  printf '  "createdAt": "%s",\n' "$created_at"
  printf '  "pgDumpVersion": %s,\n' "$(json_string "$dump_version")"
  printf '  "mediaSource": %s,\n' "$(json_string "$media_source")"
  printf '  "database": %s,\n' "$facts"
  printf '  "files": [\n%s\n  ]\n}\n' "$files"
} >"$out/manifest.json.partial"
mv "$out/manifest.json.partial" "$out/manifest.json"

if [ -n "${BACKUP_S3_BUCKET:-}" ]; then
  s3_remote backups BACKUP_S3_
  target="backups:$BACKUP_S3_BUCKET/${BACKUP_S3_PREFIX:-}$stamp"
  if is_true "${BACKUP_S3_CREATE_BUCKET:-}"; then "$RCLONE" mkdir "backups:$BACKUP_S3_BUCKET" || fail "cannot make the bucket $BACKUP_S3_BUCKET"; fi
  "$RCLONE" copy "$out" "$target" --exclude manifest.json || fail "upload to $target failed; it has no manifest.json there"
  "$RCLONE" copyto "$out/manifest.json" "$target/manifest.json" || fail "upload of $target/manifest.json failed"
  printf 'backup: uploaded to s3://%s/%s%s\n' "$BACKUP_S3_BUCKET" "${BACKUP_S3_PREFIX:-}" "$stamp" >&2
  if is_true "${BACKUP_REMOVE_LOCAL:-}"; then rm -rf "$out"; fi
fi

printf '%s\n' "$out"
