"""Alembic environment: runs migrations online on the connection Cairn hands it.

``cairn db upgrade`` passes a connection in ``config.attributes["connection"]``. Run bare
(``alembic upgrade head``), it connects to the database Cairn resolves (DATABASE_URL or the
embedded server).
"""

from alembic import context

from service.store.migrate import engine_for


def run(connection: object) -> None:
    context.configure(connection=connection, transactional_ddl=True)
    with context.begin_transaction():
        context.run_migrations()


given = context.config.attributes.get("connection")
if given is not None:
    run(given)
else:
    from service.store.database import database_url

    engine = engine_for(database_url())
    with engine.connect() as connection:
        run(connection)
        connection.commit()
    engine.dispose()
