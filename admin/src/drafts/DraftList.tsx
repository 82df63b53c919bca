import { Typography } from "@mui/material"
import { DataTable, DateField, List } from "react-admin"
import { EditorLink } from "../products/product-links"
import { ArchiveButton, BulkArchiveButton } from "./archive-buttons"

const draftsOnly = { status: "DRAFT" }

const NoDrafts = () => <Typography sx={{ p: 2 }}>No drafts saved.</Typography>

/** "Draft Products": products saved but not published, to continue or to delete (archive), one by one or in bulk. */
export function DraftList() {
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        Draft Products
      </Typography>
      <List
        resource="products"
        filter={draftsOnly}
        empty={<NoDrafts />}
        sort={{ field: "updatedAt", order: "DESC" }}
        exporter={false}
        actions={false}
        disableSyncWithLocation
        storeKey="drafts"
      >
        <DataTable rowClick={false} bulkActionButtons={<BulkArchiveButton />} empty={<NoDrafts />}>
          <DataTable.Col source="title" label="Title" />
          <DataTable.Col source="updatedAt" label="Last Updated">
            <DateField source="updatedAt" showTime locales="en-IN" />
          </DataTable.Col>
          <DataTable.Col label="Actions">
            <EditorLink label="Continue" />
            <ArchiveButton />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  )
}
