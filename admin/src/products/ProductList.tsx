import { PRODUCT_STATUSES, formatPaise } from "@fitshop/contracts"
import { Typography } from "@mui/material"
import { DataTable, List, SearchInput, SelectInput } from "react-admin"
import { DuplicateButton, EditorLink } from "./product-links"

const statusChoices = PRODUCT_STATUSES.map((status) => ({ id: status, name: status }))

const productFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search by title" slotProps={{ htmlInput: { "aria-label": "Search by title" } }} />,
  <SelectInput key="status" source="status" label="Status" choices={statusChoices} alwaysOn />,
]

const NoProducts = () => <Typography sx={{ p: 2 }}>No products found.</Typography>

const price = (record: { basePrice?: unknown }) => (typeof record.basePrice === "number" ? formatPaise(record.basePrice) : "")

/** "All Products": title search, status filter, Edit and Duplicate. */
export function ProductList() {
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        All Products
      </Typography>
      <List title="All Products" filters={productFilters} empty={<NoProducts />} sort={{ field: "updatedAt", order: "DESC" }} exporter={false}>
        <DataTable rowClick={false} bulkActionButtons={false} empty={<NoProducts />}>
          <DataTable.Col source="title" label="Title" />
          <DataTable.Col source="status" label="Status" />
          <DataTable.Col source="basePrice" label="Price" render={price} />
          <DataTable.Col label="Actions">
            <EditorLink label="Edit" />
            <DuplicateButton />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  )
}
