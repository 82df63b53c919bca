-- Staff removed in Medusa lose the admin role at once, but their row keeps the Medusa admin user's id: it marks
-- the row as staff's, so the shop's sign-in keeps refusing it, and a re-invited member of staff takes it up again.
alter table bff.users drop constraint users_medusa_user_is_staff;
