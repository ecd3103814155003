import type { TicketDto, UserDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineerUser, type TestUser, verifiedUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { createTusUpload, submitTicket } from '../../test/ticket-helpers';

let server: TestServer;
let engineer: TestUser;
let customer: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  customer = await verifiedUser(server);
  engineer = await engineerUser(server);
});
afterAll(async () => {
  await server?.close();
});

describe('an engineer', () => {
  it('is one on the next request', async () => {
    const me = await engineer.client.get<UserDto>('/api/auth/getMe');
    expect(me.body.data).toMatchObject({ role: 'engineer', verified: true, disabled: false });
  });

  it("works any customer's ticket: the staff view, its chat, a tuned upload", async () => {
    const { ticket } = await submitTicket(customer.client, {
      fields: { stage: 'Stage 1', options: ['EGR OFF'] },
    });
    const details = await engineer.client.get<TicketDto>(
      `/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`,
    );
    expect(details.status, details.text).toBe(200);
    expect(details.body.data.userId).toMatchObject({ email: customer.email });

    const chat = await engineer.client.get(`/api/chat/${ticket.ticketNumber}`);
    expect(chat.status, chat.text).toBe(200);

    const upload = await createTusUpload(engineer.client, 100, { filename: 'tuned.bin', purpose: 'tuned' });
    expect(upload.status, upload.text).toBe(201);
  });

  it('uses no customer screen: the customer calls answer 403 not_customer', async () => {
    const res = await engineer.client.get('/api/ecuFile/my-files');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'not_customer' });
  });

  it("cannot make anyone an engineer or an admin: that is the users desk's", async () => {
    const res = await engineer.client.put('/api/admin/updateUserRole', {
      userId: customer.user._id,
      role: 'engineer',
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'not_admin', message: 'Only admins can do this' });
    expect((await customer.client.get<UserDto>('/api/auth/getMe')).body.data.role).toBe('user');
  });
});
