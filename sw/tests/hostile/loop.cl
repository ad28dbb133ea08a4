/* An endless loop on loaded values (issue 24, defect 2): the interpreter's step limit stops it. */
__kernel void k(__global int *a)
{
    int x = a[get_global_id(0)];
    while (1) {
        x = x * 3 + 1;
        if (x == 12345678)
            break;
    }
    a[get_global_id(0)] = x;
}
