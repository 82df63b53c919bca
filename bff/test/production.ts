/**
 * What a production BFF requires besides the basics: mail, payment and shipping accounts, the GST seller and its contacts, and the returns warehouse,
 * none of them real and none called by the tests that start production apps.
 */
export const PRODUCTION_SERVICES = {
  SMTP_URL: "smtp://127.0.0.1:1",
  RAZORPAY_KEY_ID: "rzp_test_ProductionTests",
  RAZORPAY_KEY_SECRET: "not-a-real-secret",
  RAZORPAY_WEBHOOK_SECRET: "not-a-real-webhook-secret",
  SHIPROCKET_EMAIL: "api@shop.test",
  SHIPROCKET_PASSWORD: "not-a-real-password",
  SHIPROCKET_WEBHOOK_TOKEN: "not-a-real-token",
  SHIPROCKET_PICKUP_PINCODE: "400001",
  SELLER_LEGAL_NAME: "Test Streetwear Private Limited",
  SELLER_ADDRESS: "1 Test Road, Mumbai 400001",
  SELLER_STATE: "Maharashtra",
  SELLER_GSTIN: "27AAFCT1234M1Z7",
  SELLER_CUSTOMER_CARE_EMAIL: "care@shop.test",
  SELLER_CUSTOMER_CARE_PHONE: "+91 22 1111 2222",
  GRIEVANCE_OFFICER_NAME: "Test Grievance Officer",
  GRIEVANCE_OFFICER_EMAIL: "grievance@shop.test",
  GRIEVANCE_OFFICER_PHONE: "+91 22 1111 3333",
  RETURN_WAREHOUSE_NAME: "Test Streetwear Returns",
  RETURN_WAREHOUSE_ADDRESS: "1 Test Road",
  RETURN_WAREHOUSE_CITY: "Mumbai",
  RETURN_WAREHOUSE_STATE: "Maharashtra",
  RETURN_WAREHOUSE_PINCODE: "400001",
  RETURN_WAREHOUSE_PHONE: "9000000001",
}
