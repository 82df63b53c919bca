import { useState } from "react"
import { Link, useSearchParams } from "react-router-dom"
import { FormError } from "@/components/ui/form-error"
import { Page } from "@/components/ui/page"
import { TabPanel, Tabs } from "@/components/ui/tabs"
import { paths } from "@/config/paths"
import { useLogout, useSession } from "@/lib/auth"
import { AddressTab } from "../components/address-tab"
import { EarningsTab } from "../components/earnings-tab"
import { FitfeedTab } from "../components/fitfeed-tab"
import { OrdersTab } from "../components/orders-tab"
import { ProfileTab } from "../components/profile-tab"
import { useDocumentMeta } from "@/lib/document-meta"
import { privatePageMeta } from "@fitshop/contracts"

const TABS = [
  { id: "fitfeed", label: "FitFeed" },
  { id: "orders", label: "Orders" },
  { id: "address", label: "Address" },
  { id: "earnings", label: "Earnings" },
  { id: "profile", label: "Profile" },
] as const

type TabId = (typeof TABS)[number]["id"]

const OFFLINE_LOGOUT_TEXT = "Could not contact server — logging out locally"

/** How long the offline-logout notice stays before the local session ends. */
const OFFLINE_LOGOUT_NOTICE_MS = 1500

const readTab = (value: string | null): TabId => TABS.find((tab) => tab.id === value)?.id ?? "fitfeed"

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms)
  })

const PAGE_META = privatePageMeta("Account")

export function AccountPage() {
  useDocumentMeta(PAGE_META)
  const { user } = useSession()
  const [searchParams, setSearchParams] = useSearchParams()
  const activeTab = readTab(searchParams.get("tab"))
  const logout = useLogout()
  const [loggingOut, setLoggingOut] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)

  const signOut = () => {
    setLoggingOut(true)
    void logout(() => {
      setNotice(OFFLINE_LOGOUT_TEXT)
      return wait(OFFLINE_LOGOUT_NOTICE_MS)
    })
  }

  const profileLink = user ? (user.handle ? paths.fitProfile(`@${user.handle}`) : paths.fitProfile(user.id)) : null
  const activeLabel = TABS.find((tab) => tab.id === activeTab)?.label

  return (
    <Page title="Account">
      <div className="account-header">
        {user && profileLink ? (
          <Link to={profileLink} className="account-header__profile">
            {user.handle ? `@${user.handle}` : user.name}
          </Link>
        ) : null}
        <button type="button" className="button" onClick={signOut} disabled={loggingOut}>
          Logout
        </button>
      </div>
      <FormError message={notice} />
      <Tabs
        idPrefix="account"
        tabs={TABS}
        selected={activeTab}
        label="Account sections"
        className="tabs tabs--scroll"
        onSelect={(id) => {
          setSearchParams(id === "fitfeed" ? {} : { tab: id }, { replace: true })
        }}
      />
      <TabPanel idPrefix="account" selected={activeTab} className="account-panel">
        <h2 className="section-title">{activeLabel}</h2>
        {activeTab === "fitfeed" ? <FitfeedTab /> : null}
        {activeTab === "orders" ? <OrdersTab /> : null}
        {activeTab === "address" ? <AddressTab /> : null}
        {activeTab === "earnings" ? <EarningsTab /> : null}
        {activeTab === "profile" && user ? <ProfileTab user={user} /> : null}
      </TabPanel>
    </Page>
  )
}
