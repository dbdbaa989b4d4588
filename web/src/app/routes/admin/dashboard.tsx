import { AdminGuard } from '@/features/admin/components/admin-guard';
import { DashboardScreen } from '@/features/admin/components/dashboard-screen';
import { PushOptIn } from '@/features/push/components/push-opt-in';
import { pushTexts } from '@/features/push/texts';

export default function AdminDashboardRoute() {
  return (
    <AdminGuard>
      <DashboardScreen />
      <section className="card mt-4" aria-labelledby="admin-push-title">
        <div className="card-body">
          <h2 id="admin-push-title" className="h6">
            {pushTexts.heading}
          </h2>
          <PushOptIn context="admin" />
        </div>
      </section>
    </AdminGuard>
  );
}
