"""What the experiments' runs become on the page: how a run record is read (``data``), the
numbers the prose quotes (``numbers``) and the tables (``tables``)."""
